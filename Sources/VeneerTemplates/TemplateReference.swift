/// A template object as templates hold it, in an `Any`: a reference, so that reading a member
/// casts a pointer instead of copying every member of a large struct out of its box.
package final class TemplateReference<Value: TemplateObject & Sendable>: TemplateObject, Sendable {
  package let value: Value

  package init(_ value: Value) { self.value = value }

  package func templateMember(_ name: String) -> Any? { value.templateMember(name) }
}
