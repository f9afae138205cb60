try await callEveryShape()
print("every shape called through every built-in")
