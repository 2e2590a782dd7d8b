import Synchronization
import Testing

@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ParallelMap.stream`: `check` runs scenarios while its walk finds more.
@Suite struct ParallelMapTests {
    struct Stop: Error {}

    final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    @Test(arguments: [1, 2, 4])
    func resultsComeInTheOrderTheItemsWereEmitted(threads: Int) {
        let squares = ParallelMap.stream(threads: threads) { (emit: (Int) -> Void) in
            for i in 0..<1000 { emit(i) }
        } _: { i in
            i * i
        }
        #expect(squares == (0..<1000).map { $0 * $0 })
        let none = ParallelMap.stream(threads: threads) { (_: (Int) -> Void) in
        } _: {
            $0
        }
        #expect(none.isEmpty)
    }

    /// With a second thread, the first item is worked on while the
    /// producer still runs; with one, only once it has finished.
    @Test func workStartsBeforeTheLastItemIsFound() {
        for threads in [1, 2] {
            let started = Flag()
            var seenWhileProducing = false
            _ = ParallelMap.stream(threads: threads) { (emit: (Int) -> Void) in
                emit(0)
                for _ in 0..<2000 where !seenWhileProducing {  // up to 2 s
                    seenWhileProducing = started.raised.load(ordering: .acquiring)
                    usleep(1000)
                }
                emit(1)
            } _: { i in
                if i == 0 { started.raised.store(true, ordering: .releasing) }
                return i
            }
            #expect(seenWhileProducing == (threads == 2))
        }
    }

    /// The producer's error comes out, once the threads have stopped.
    @Test(arguments: [1, 2, 4])
    func theProducersErrorIsRethrown(threads: Int) {
        #expect(throws: Stop.self) {
            _ = try ParallelMap.stream(threads: threads) { (emit: (Int) -> Void) throws(Stop) in
                for i in 0..<100 { emit(i) }
                throw Stop()
            } _: {
                $0
            }
        }
    }
}
