import SanitizeKit

/// One validator per mode, compiled once (PCRE2 JIT) and shared by every run.
let validators = EmailMode.allCases.map { EmailValidator(mode: $0) }

/// libFuzzer entry point for the email check in every mode.
///
/// A verdict is an ordinary value; what must hold is that no mode crashes or hangs, and that
/// the byte and String entry points give the same verdict for valid UTF-8.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(validating: bytes, as: UTF8.self)
    for validator in validators {
        let verdict = validator.validate(bytes)
        if let text, validator.validate(text) != verdict {
            fatalError("\(validator.mode): byte and String verdicts differ")
        }
        _ = verdict.rejection?.code
    }
    return 0
}
