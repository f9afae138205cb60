// The catalog's shapes, each with `@Decorated` naming every built-in (written into Shapes/ by
// `test`): built, the decorators compile under the macro as under the CLI.
print("every shape decorated by the macro")
