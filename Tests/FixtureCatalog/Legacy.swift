/// An older code base's own result type, from before `Swift.Result`.
public enum LegacyResult<T> {
  case value(T)
  case error(Error)
}

/// A repository of such a code base: its handlers receive the app's own result, and one of
/// them does not escape.
// veneer: logging, analytics, caching
public protocol LegacyPostRepo {
  // veneer: cache
  func getPost(id: Int, completion: (LegacyResult<String>) -> Void)
  func createPost(title: String, body: String, completion: @escaping (LegacyResult<Int>) -> Void)
}
