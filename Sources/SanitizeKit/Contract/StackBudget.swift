/// How much of the current thread's stack a deep evaluation may still use.
///
/// The evaluator recurses once per nesting level, and its frames are several times larger in a
/// debug or AddressSanitizer build: a document 512 levels deep against a recursive schema can
/// overflow a thread with a small stack (a test worker, a Dispatch thread's 512 KiB) well before
/// ``Evaluator/depthLimit``. Past ``threshold`` levels the evaluator asks ``room()``; the first
/// call looks up the thread's stack bounds, each call compares the address of a local with the
/// low end. Room for n × ``levelBound`` bytes vouches for the next n levels on the same path,
/// so the evaluator asks again only past them. Shallow records never get that far and pay
/// nothing.
///
/// When the bounds are unknown, or a local's address lies outside them (AddressSanitizer keeps
/// locals on a "fake stack"; its runtime is asked for the real frame first), the budget always
/// says yes and only the depth limit applies.
struct StackBudget {
    /// Evaluation depth from which the stack is checked at every level. Low because unoptimized
    /// frames are large: an AddressSanitizer debug build's evaluator takes about 37 KiB per
    /// level of object members (evaluate, evaluateChecks, checkObject, checkShape), so 4 levels
    /// are about 150 KiB, within a 256 KiB thread's stack before the first check. Ordinary
    /// records (a few levels of objects and arrays) stay below it and pay nothing.
    static let threshold = 4
    /// The least room kept free below the current frame: enough for one more level, a violation
    /// report and the leaf checks (string formats, a PCRE2 match on its 32 KiB JIT stack).
    static let minimumMargin: UInt = 64 << 10
    /// The most stack one evaluation level is taken to use, as ``minimumMargin`` takes it: an
    /// AddressSanitizer debug build's largest measured level is about 37 KiB.
    static let levelBound: UInt = 64 << 10

    private enum State {
        case unknown
        /// Room must stay above `floor` (the stack's low end plus the margin).
        case bounded(low: UInt, high: UInt, floor: UInt)
        case unbounded
    }

    private var state = State.unknown

    /// The bytes of stack below the current frame that deeper calls may still use before the
    /// margin (the larger of ``minimumMargin`` and an eighth of the stack, at most half of it;
    /// 0 when past it), or `nil` when the stack's bounds are unknown.
    mutating func room() -> UInt? {
        if case .unknown = state { state = Self.lookUp() }
        guard case .bounded(let low, let high, let floor) = state else { return nil }
        let here = Self.currentFrameAddress()
        guard here > low, here < high else {
            // Not on the thread's stack (a fake stack ASan could not map back): depth limit only.
            state = .unbounded
            return nil
        }
        return here > floor ? here - floor : 0
    }

    private static func lookUp() -> State {
        guard let (low, size) = SystemCalls.currentThreadStack(), size > 0 else { return .unbounded }
        let margin = min(max(minimumMargin, size / 8), size / 2)
        return .bounded(low: low, high: low + size, floor: low + margin)
    }

    /// The address of a local of this call, mapped from AddressSanitizer's fake stack to the
    /// real one when the process runs under ASan.
    @inline(never)
    private static func currentFrameAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { pointer in
            let address = UnsafeMutableRawPointer(pointer)
            if let asan = AddressSanitizerFakeStack.shared,
                let real = asan.realAddress(of: address)
            {
                return UInt(bitPattern: real)
            }
            return UInt(bitPattern: address)
        }
    }
}

/// AddressSanitizer's fake stack API (`sanitizer/asan_interface.h`), present only in a process
/// built with ASan: it keeps locals off the thread's stack to catch use after return, so their
/// addresses say nothing about the stack's depth until mapped back to the real frame.
private struct AddressSanitizerFakeStack {
    typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    typealias AddressIsInFakeStack =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> UnsafeMutableRawPointer?

    let currentFakeStack: CurrentFakeStack
    let addressIsInFakeStack: AddressIsInFakeStack

    /// The two functions, or `nil` when the process does not run under AddressSanitizer.
    static let shared: AddressSanitizerFakeStack? = {
        guard let current = SystemCalls.processSymbol(named: "__asan_get_current_fake_stack"),
            let contains = SystemCalls.processSymbol(named: "__asan_addr_is_in_fake_stack")
        else { return nil }
        return AddressSanitizerFakeStack(
            currentFakeStack: unsafeBitCast(current, to: CurrentFakeStack.self),
            addressIsInFakeStack: unsafeBitCast(contains, to: AddressIsInFakeStack.self))
    }()

    /// The real stack address of the frame that holds `address`, when `address` is on the
    /// current thread's fake stack.
    func realAddress(of address: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        guard let fake = currentFakeStack() else { return nil }
        return addressIsInFakeStack(fake, address, nil, nil)
    }
}
