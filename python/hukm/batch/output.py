"""The files of a batch: ``.npz`` (numpy) and ``.parquet`` (pyarrow, ``pip install
"hukm[batch]"``), one row per deal, the run's parameters as metadata; byte-identical for
the same columns and metadata (no clocks, no paths of the machine).

``.npz`` arrays: ``deals`` (strings, the hands in seat order), ``values`` (the table or
values of each deal, one row per deal), ``index``, ``seeds``, ``dealer``, ``hakem``,
``player``, ``seen``, ``records`` (the hand records a file gave, else empty strings) and
``meta`` (the parameters, a JSON string). ``.parquet`` columns: ``index``, ``seed``,
``deal``, ``dealer``, ``hakem``, ``player``, ``seen``, ``record`` and ``values`` (a
fixed-size list of the cells row by row); the parameters are the schema's ``hukm``
metadata (JSON).

>>> import io, json, numpy as np
>>> cols = {"index": np.arange(1), "seed": np.zeros(1, np.int64), "deal": np.array(["A B"]),
...         "dealer": np.zeros(1, np.int8), "hakem": np.zeros(1, np.int8), "player": np.zeros(1, np.int8),
...         "seen": np.array([""]), "record": np.array([""]), "values": np.ones((1, 2), np.int32)}
>>> write("/tmp/hukm-doctest.npz", cols, {"seed": 1})
>>> z = np.load("/tmp/hukm-doctest.npz")
>>> z["deals"].tolist(), z["values"].tolist(), json.loads(str(z["meta"]))["seed"]
(['A B'], [[1, 1]], 1)
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from typing import Any, Mapping

import numpy as np
import numpy.typing as npt

from .._errors import OptionError, StateError

FORMATS = (".npz", ".parquet")
"""The output formats, by the file's extension."""

NPZ_NAMES = {"seed": "seeds", "deal": "deals", "record": "records"}
"""Columns whose ``.npz`` array has another name (the plural)."""

_EPOCH = (1980, 1, 1, 0, 0, 0)


def format_of(path: str) -> str:
    """The format of an output path, from its extension; others raise
    :class:`hukm.OptionError`."""
    ext = os.path.splitext(str(path))[1].lower()
    if ext == ".pq":
        ext = ".parquet"
    if ext not in FORMATS:
        raise OptionError(f"output {path!r}: unknown format {ext or '(no extension)'!r}; formats: .npz, .parquet")
    return ext


def need_pyarrow() -> Any:
    """The ``pyarrow`` module, or :class:`hukm.StateError` saying how to install it."""
    try:
        import pyarrow  # type: ignore[import-untyped, unused-ignore]
        import pyarrow.parquet  # type: ignore[import-untyped, unused-ignore]  # noqa: F401
    except ImportError:
        raise StateError('Parquet output needs pyarrow: pip install "hukm[batch]" (or write .npz)') from None
    return pyarrow


def save_npz(path: str, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
    """``arrays`` as an uncompressed ``.npz`` whose bytes depend only on them (fixed
    dates, fixed order), written to ``path + ".tmp"`` then moved into place."""
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED, allowZip64=True) as z:
        for name, arr in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.asarray(arr, order="C"), allow_pickle=False)
            info = zipfile.ZipInfo(name + ".npy", date_time=_EPOCH)
            info.external_attr = 0o644 << 16
            z.writestr(info, buf.getvalue())
    os.replace(tmp, path)


def load_npz(path: str) -> dict[str, npt.NDArray[Any]]:
    """The arrays of an ``.npz`` file."""
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


def concat(parts: list[dict[str, npt.NDArray[Any]]]) -> dict[str, npt.NDArray[Any]]:
    """Chunks' columns end to end (strings widen to the longest)."""
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def _meta_text(meta: Mapping[str, Any]) -> str:
    return json.dumps(meta, sort_keys=True, separators=(",", ":"))


def write(path: str, cols: Mapping[str, npt.NDArray[Any]], meta: Mapping[str, Any]) -> None:
    """The batch's output file at ``path`` (format from the extension), atomically."""
    fmt = format_of(path)
    if fmt == ".npz":
        arrays = {NPZ_NAMES.get(k, k): v for k, v in cols.items()}
        ordered = {"deals": arrays.pop("deals"), "values": arrays.pop("values")}
        ordered.update(arrays)
        ordered["meta"] = np.array(_meta_text(meta))
        save_npz(path, ordered)
        return
    pa = need_pyarrow()
    import pyarrow.parquet as pq  # type: ignore[import-untyped, unused-ignore]

    values = cols["values"]
    n = values.shape[0]
    cells = int(np.prod(values.shape[1:])) if values.ndim > 1 else 1
    flat = pa.array(values.reshape(n * cells).astype(np.int32), type=pa.int32())
    columns = {k: pa.array(v.tolist() if v.dtype.kind == "U" else v) for k, v in cols.items() if k != "values"}
    columns["values"] = pa.FixedSizeListArray.from_arrays(flat, cells)
    table = pa.table(columns).replace_schema_metadata({"hukm": _meta_text(meta)})
    tmp = path + ".tmp"
    pq.write_table(table, tmp, compression="zstd")
    os.replace(tmp, path)
