"""Writes and prints small .npy files with the standard library only (no numpy needed).

  npy_tool.py write FILE DTYPE V...   (DTYPE: f4, i4 or i8; one-dimensional)
  npy_tool.py write FILE DTYPE arange START STOP [STEP]
  npy_tool.py print FILE              (prints the values, one line, space separated)
"""
import ast
import struct
import sys

FORMATS = {"f4": "f", "i4": "i", "i8": "q"}


def write(path, dtype, values):
    header = "{'descr': '<%s', 'fortran_order': False, 'shape': (%d,), }" % (dtype, len(values))
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    conv = float if dtype == "f4" else int
    data = struct.pack("<%d%s" % (len(values), FORMATS[dtype]), *[conv(v) for v in values])
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)


def show(path):
    with open(path, "rb") as f:
        blob = f.read()
    (hlen,) = struct.unpack("<H", blob[8:10])
    meta = ast.literal_eval(blob[10:10 + hlen].decode())
    code = FORMATS[meta["descr"][1:]]
    count = meta["shape"][0]
    values = struct.unpack("<%d%s" % (count, code), blob[10 + hlen:10 + hlen + count * struct.calcsize(code)])
    print(" ".join(("%g" % v) if code == "f" else str(v) for v in values))


if __name__ == "__main__":
    if sys.argv[1] == "write" and sys.argv[4:5] == ["arange"]:
        write(sys.argv[2], sys.argv[3], list(range(*[int(v) for v in sys.argv[5:]])))
    elif sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        show(sys.argv[2])
