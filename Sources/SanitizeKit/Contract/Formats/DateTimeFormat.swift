/// RFC 3339 §5.6 `full-date`, `full-time`, `date-time`, and Appendix A `duration`.
enum DateTimeFormat {
    static func digits(_ text: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= text.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            let digit = text[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// `YYYY-MM-DD` with a day that exists in that month (leap years per RFC 3339 Appendix C).
    static func isDate(_ text: UnsafeRawBufferPointer) -> Bool {
        guard text.count == 10 else { return false }
        return dateAt(text, 0)
    }

    static func dateAt(_ text: UnsafeRawBufferPointer, _ start: Int) -> Bool {
        guard let year = digits(text, start, 4), text[start + 4] == 0x2D, let month = digits(text, start + 5, 2),
            text[start + 7] == 0x2D, let day = digits(text, start + 8, 2)
        else { return false }
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// `HH:MM:SS[.frac](Z|±HH:MM)`; second 60 only when the UTC time is 23:59.
    static func isTime(_ text: UnsafeRawBufferPointer) -> Bool { timeAt(text, 0) }

    static func timeAt(_ text: UnsafeRawBufferPointer, _ start: Int) -> Bool {
        guard let hour = digits(text, start, 2), start + 8 <= text.count, text[start + 2] == 0x3A,
            let minute = digits(text, start + 3, 2), text[start + 5] == 0x3A, let second = digits(text, start + 6, 2)
        else { return false }
        guard hour <= 23, minute <= 59, second <= 60 else { return false }
        var index = start + 8
        if index < text.count, text[index] == 0x2E {
            index += 1
            let first = index
            while index < text.count, text[index] &- 0x30 < 10 { index += 1 }
            guard index > first else { return false }
        }
        guard index < text.count else { return false }
        var offsetMinutes = 0
        switch text[index] {
        case 0x5A, 0x7A:
            index += 1
        case 0x2B, 0x2D:
            let sign = text[index] == 0x2D ? -1 : 1
            guard let offsetHour = digits(text, index + 1, 2), index + 6 <= text.count, text[index + 3] == 0x3A,
                let offsetMinute = digits(text, index + 4, 2), offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
            index += 6
        default:
            return false
        }
        guard index == text.count else { return false }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// `full-date "T" full-time` (T and Z in either case).
    static func isDateTime(_ text: UnsafeRawBufferPointer) -> Bool {
        guard text.count > 11, text[10] | 0x20 == 0x74 else { return false }
        return dateAt(text, 0) && timeAt(text, 11)
    }

    /// RFC 3339 Appendix A: `P` then `dur-date` (a contiguous run of Y, M, D, ending
    /// anywhere: `1Y2M`, `2M3D`, not `1Y3D`) and/or `T` with a contiguous run of H, M, S;
    /// or `nW` alone. At least one part; `T` needs a time part.
    static func isDuration(_ text: UnsafeRawBufferPointer) -> Bool {
        guard text.count >= 3, text[0] == 0x50 else { return false }
        var index = 1
        var inTime = false
        var last = -1  // position of the last unit in its list
        var dateParts = 0
        var timeParts = 0
        var weeks = false
        while index < text.count {
            if text[index] == 0x54 {
                guard !inTime, !weeks else { return false }
                inTime = true
                last = -1
                index += 1
                continue
            }
            let first = index
            while index < text.count, text[index] &- 0x30 < 10 { index += 1 }
            guard index > first, index < text.count else { return false }
            let unit = text[index]
            index += 1
            if !inTime && unit == 0x57 {
                guard dateParts == 0, !weeks else { return false }
                weeks = true
                continue
            }
            guard !weeks else { return false }
            let units: [UInt8] = inTime ? [0x48, 0x4D, 0x53] : [0x59, 0x4D, 0x44]
            guard let position = units.firstIndex(of: unit), last == -1 || position == last + 1 else { return false }
            last = position
            if inTime { timeParts += 1 } else { dateParts += 1 }
        }
        if inTime && timeParts == 0 { return false }
        return weeks || dateParts > 0 || timeParts > 0
    }
}
