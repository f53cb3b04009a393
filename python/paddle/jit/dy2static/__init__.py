"""Dygraph-to-static by source transformation: the AST rewrites, the run-time helpers of
converted code, convert_call, and StaticFunction with its program cache and runner."""
