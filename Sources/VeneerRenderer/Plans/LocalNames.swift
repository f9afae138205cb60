import VeneerModel

/// Names of the locals generated code declares, changed where a parameter has the same name.
package struct LocalNames: Sendable {
  package var call: String
  package var result: String
  package var value: String
  package var key: String
  package var arguments: String
  package var cache: String
  package var outcome: String

  /// A requirement has a few parameters: searching them beats hashing their names into a set.
  init(avoiding parameters: [Parameter]) {
    // `key2` rather than `key_`, which `swift format` would flag.
    func fresh(_ name: String) -> String {
      var candidate = name
      var number = 1
      while parameters.contains(where: { $0.name == candidate }) {
        number += 1
        candidate = name + String(number)
      }
      return candidate
    }
    call = fresh("call")
    result = fresh("result")
    value = fresh("value")
    key = fresh("key")
    arguments = fresh("arguments")
    cache = fresh("cache")
    outcome = fresh("outcome")
  }
}
