"""Writes a kernel with one pathologically deep or long construct (for the nesting-limit tests)."""
import sys

HEADER = "import triton\nimport triton.language as tl\n\n\n@triton.jit\ndef k(x_ptr):\n"


def main(kind, n):
    n = int(n)
    body = ""
    if kind == "parens":
        body = "    y = " + "(" * n + "1" + ")" * n + "\n    tl.store(x_ptr, y)\n"
    elif kind == "chain":
        body = "    y = " + "+".join(["1"] * n) + "\n    tl.store(x_ptr, y)\n"
    elif kind == "trans":
        body = "    y = x_ptr" + ".T" * n + "\n"
    elif kind == "unary":
        body = "    y = " + "-" * n + "1\n    tl.store(x_ptr, y)\n"
    elif kind == "ifexp":
        body = "    i = tl.program_id(0)\n    y = " + " ".join(
            f"{j} if i == {j} else" for j in range(n)) + " 0\n    tl.store(x_ptr, y)\n"
    elif kind == "blocks":
        body, indent = "    i = tl.program_id(0)\n", "    "
        for j in range(n):
            body += f"{indent}if i > {j}:\n"
            indent += " "
        body += indent + "tl.store(x_ptr, i)\n"
    elif kind == "elif":
        body = "    i = tl.program_id(0)\n    if i == 0:\n        y = 0\n"
        for j in range(1, n):
            body += f"    elif i == {j}:\n        y = {j}\n"
        body += "    else:\n        y = -1\n    tl.store(x_ptr, y)\n"
    elif kind == "recursive_ifexp":
        # A @jit helper that calls itself from inside n nested conditional
        # expressions: inlining stacks the nesting of every call.
        helper = ("@triton.jit\ndef f(x):\n    return " +
                  " ".join("x if x > 0 else" for _ in range(n)) + " f(x)\n\n\n")
        sys.stdout.write("import triton\nimport triton.language as tl\n\n\n" + helper +
                         "@triton.jit\ndef k(x_ptr):\n    tl.store(x_ptr, f(tl.load(x_ptr)))\n")
        return
    elif kind == "recursive_blocks":
        # The same with n nested runtime `if` blocks around the recursive call.
        helper, indent = "@triton.jit\ndef f(x):\n", "    "
        for j in range(n):
            helper += f"{indent}if x > {j}:\n"
            indent += " "
        helper += f"{indent}x = f(x)\n    return x\n\n\n"
        sys.stdout.write("import triton\nimport triton.language as tl\n\n\n" + helper +
                         "@triton.jit\ndef k(x_ptr):\n    tl.store(x_ptr, f(tl.load(x_ptr)))\n")
        return
    elif kind == "digits":
        body = "    y = " + "9" * n + "\n    tl.store(x_ptr, y)\n"
    else:
        raise SystemExit(f"unknown kind {kind}")
    sys.stdout.write(HEADER + body)


if __name__ == "__main__":
    main(*sys.argv[1:])
