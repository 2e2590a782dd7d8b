/// A value kept beside the state it is derived from — a cache — that takes
/// no part in the state's `==` or hash: two states that differ only in it
/// behave the same, so `locsim explore` must merge them, and a state with
/// it stays `Hashable` by synthesis instead of a hand-kept list of fields.
struct Unhashed<Value>: Hashable {
    var value: Value

    init(_ value: Value) { self.value = value }

    static func == (a: Unhashed, b: Unhashed) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
