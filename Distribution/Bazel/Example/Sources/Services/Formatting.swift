/// Nothing to decorate here: Veneer still writes this file's (empty) decorators file, so that
/// every source's output is declared before the build runs.
public func format(_ post: Post) -> String { "#\(post.id) \(post.title)" }
