"""What the tests that read the package's sources share: which string constants of a
module are text rather than code."""

from __future__ import annotations

import ast


def docstrings(tree: ast.AST) -> set[int]:
    """The ``id`` of every string constant of ``tree`` that stands as a statement of its
    own: docstrings of modules, classes and functions, attribute docstrings after an
    assignment, and bare notes. They have no effect, so a game named there is an example,
    never a dependency."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }
