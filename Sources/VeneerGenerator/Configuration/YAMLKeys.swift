import CYaml

/// Mapping keys that are not plain scalars, found in libYAML's event stream before anything
/// composes the document: composing checks a mapping's keys for duplicates by hashing them
/// whole, so a list key built of aliases nested nine times a level took minutes and gigabytes.
/// Veneer's configuration has no use for a list, a mapping or an alias as a key.
enum YAMLKeys {
  /// The first key of `text` that is a list, a mapping or an alias, with its line and column
  /// (libYAML's, from 1) and what it is; nil when every key is a scalar, or the text does not
  /// parse (then composing reports where).
  static func firstComplexKey(in text: String) -> (line: Int, column: Int, kind: String)? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return nil }
    defer { yaml_parser_delete(&parser) }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      // For each open mapping, whether its next node is a key; nil for an open sequence.
      var expectsKey: [Bool?] = []
      var event = yaml_event_t()
      while yaml_parser_parse(&parser, &event) == 1 {
        defer { yaml_event_delete(&event) }
        let type = event.type
        if type == YAML_STREAM_END_EVENT { return nil }
        if type == YAML_MAPPING_END_EVENT || type == YAML_SEQUENCE_END_EVENT {
          expectsKey.removeLast()
          continue
        }
        let isNode =
          type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT
          || type == YAML_MAPPING_START_EVENT || type == YAML_SEQUENCE_START_EVENT
        guard isNode else { continue }
        if let last = expectsKey.last, let isKey = last {
          if isKey, type != YAML_SCALAR_EVENT {
            let kind =
              type == YAML_ALIAS_EVENT
              ? "an alias" : type == YAML_MAPPING_START_EVENT ? "a mapping" : "a list"
            return (
              Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1, kind
            )
          }
          expectsKey[expectsKey.count - 1] = !isKey
        }
        if type == YAML_MAPPING_START_EVENT { expectsKey.append(true) }
        if type == YAML_SEQUENCE_START_EVENT { expectsKey.append(nil) }
      }
      return nil
    }
  }
}
