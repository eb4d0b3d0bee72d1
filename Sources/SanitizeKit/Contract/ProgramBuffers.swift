/// The hot tables of a ``ContractProgram`` copied once into memory that the evaluator reads
/// through plain pointers, so walking checks costs no reference counting.
///
/// `@unchecked Sendable`: the memory is written only in `init`, never changed afterwards, and
/// freed in `deinit`; readers only read. Every evaluator that holds these pointers lives inside
/// a call that keeps the owning ``Contract`` (and so this object) alive.
final class ProgramBuffers: @unchecked Sendable {
    let schemas: UnsafeBufferPointer<CompiledSchema>
    let checks: UnsafeBufferPointer<Check>
    let lists: UnsafeBufferPointer<Int32>
    let fastBounds: UnsafeBufferPointer<FastBound>

    /// The parts of a ``NumberBound`` needed on the fast paths, as plain values.
    struct FastBound {
        var int: Int64?
        var double: Double?
    }

    init(_ program: ContractProgram) {
        schemas = ProgramBuffers.copy(program.schemas)
        checks = ProgramBuffers.copy(program.checks)
        lists = ProgramBuffers.copy(program.lists)
        fastBounds = ProgramBuffers.copy(program.bounds.map { FastBound(int: $0.int, double: $0.double) })
    }

    static func copy<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
        let memory = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
        _ = memory.initialize(from: values)
        return UnsafeBufferPointer(rebasing: memory[0..<values.count])
    }

    deinit {
        for buffer in [UnsafeMutableRawPointer(mutating: schemas.baseAddress), UnsafeMutableRawPointer(mutating: checks.baseAddress),
            UnsafeMutableRawPointer(mutating: lists.baseAddress), UnsafeMutableRawPointer(mutating: fastBounds.baseAddress)]
        {
            buffer?.deallocate()
        }
    }
}
