/// Protocols named through type aliases, as packages do to span compiler versions.

#if compiler(>=6.2)
  public typealias PackageSendableMetatype = SendableMetatype
#else
  public typealias PackageSendableMetatype = Any
#endif

/// A composition: inheriting it inherits both.
public typealias ReadingAndNaming = Reader & Traced
