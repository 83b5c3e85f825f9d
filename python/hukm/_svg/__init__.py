"""Deprecated alias of :mod:`hukm.svg`: the pieces behind the pictures moved into that
package (``hukm._svg.scene`` is now :mod:`hukm.svg.scene`, and so on for ``chart``,
``faces``, ``finished``, ``geometry``, ``lines``, ``packs``, ``paint`` and ``xml``). The old
names still import, from thin modules that re-export the new ones; import from
:mod:`hukm.svg` instead. (No ``DeprecationWarning``: the test suite turns warnings into
errors.)
"""
