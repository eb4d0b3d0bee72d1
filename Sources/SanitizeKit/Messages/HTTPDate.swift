/// Parses an HTTP-date (RFC 9110 §5.6.7) into seconds since 1970-01-01T00:00:00Z.
///
/// All three formats are accepted, as the RFC requires of recipients:
/// IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete RFC 850 form
/// `Sunday, 06-Nov-94 08:49:37 GMT` and ANSI C's asctime form `Sun Nov  6 08:49:37 1994`.
/// The day name is not checked against the date (RFC 9110 lets recipients ignore it).
enum HTTPDate {
    /// The longest value considered, in bytes.
    static let maxBytes = 64

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The instant `text` names, or `nil` when it is not an HTTP-date.
    /// - Parameters:
    ///   - text: the field value.
    ///   - now: the current time, to place a two-digit RFC 850 year (RFC 9110 §5.6.7: a year
    ///     more than 50 years ahead is in the past century).
    /// - Returns: seconds since the Unix epoch.
    static func secondsSince1970(_ text: String, now: Int) -> Int? {
        guard text.utf8.count <= maxBytes else { return nil }
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        switch tokens.count {
        case 6 where tokens[5] == "GMT":  // Sun, 06 Nov 1994 08:49:37 GMT
            guard tokens[1].utf8.count == 2, tokens[3].utf8.count == 4 else { return nil }
            return instant(day: tokens[1], month: tokens[2], year: Int(tokens[3]), time: tokens[4])
        case 4 where tokens[3] == "GMT":  // Sunday, 06-Nov-94 08:49:37 GMT
            let parts = tokens[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts[0].utf8.count == 2, parts[2].utf8.count == 2, let short = Int(parts[2])
            else { return nil }
            let currentYear = 1970 + now / 31_556_952
            var year = (currentYear / 100) * 100 + short
            if year > currentYear + 50 { year -= 100 }
            return instant(day: parts[0], month: parts[1], year: year, time: tokens[2])
        case 5:  // Sun Nov  6 08:49:37 1994
            guard tokens[4].utf8.count == 4 else { return nil }
            return instant(day: tokens[2], month: tokens[1], year: Int(tokens[4]), time: tokens[3])
        default:
            return nil
        }
    }

    private static func instant(day: String, month: String, year: Int?, time: String) -> Int? {
        guard let year, (1970...9999).contains(year), day.utf8.allSatisfy(isDigit), let day = Int(day),
            let monthIndex = months.firstIndex(of: month.lowercased()), month.utf8.count == 3
        else { return nil }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy(isDigit) }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let month = monthIndex + 1
        guard (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
