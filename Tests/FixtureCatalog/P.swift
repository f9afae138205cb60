public protocol P {}
