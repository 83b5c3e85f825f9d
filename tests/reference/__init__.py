"""Independent pure-Python references used by the tests."""
