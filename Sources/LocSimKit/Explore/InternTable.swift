/// Values of one search under small ids, equal ones (by a text key) under
/// one id: an outcome names the error that stopped its paths, or the
/// expectations they failed, by id, so outcomes stay small to hash and to
/// copy (a search adds them up at every choice point it reaches again).
struct InternTable<Value> {
    private(set) var values: [Value] = []
    private var ids: [String: Int32] = [:]

    /// The id of `value`, whose text is `key`; the first value with that key stays.
    mutating func id(_ value: Value, key: String) -> Int32 {
        if let id = ids[key] { return id }
        let id = Int32(values.count)
        values.append(value)
        ids[key] = id
        return id
    }

    subscript(id: Int32) -> Value { values[Int(id)] }
}
