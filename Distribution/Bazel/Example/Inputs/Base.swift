/// A protocol of another module, read as a reference: what `Probed` inherits.
public protocol Base {
  func ping()
}
