"""Makes `import tilec` work in this python3: writes tilec.pth into site-packages,
pointing at <build-dir>/python (where the build assembles the package).

    python3 python/install_dev.py <build-dir> [--uninstall]
"""
import os
import site
import sys


def main(argv):
    if len(argv) < 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    target = os.path.join(os.path.abspath(argv[0]), "python")
    candidates = []
    try:
        candidates += site.getsitepackages()
    except AttributeError:
        pass
    candidates.append(site.getusersitepackages())
    for directory in candidates:
        pth = os.path.join(directory, "tilec.pth")
        try:
            if "--uninstall" in argv:
                if os.path.exists(pth):
                    os.remove(pth)
                    print("removed %s" % pth)
                continue
            os.makedirs(directory, exist_ok=True)
            with open(pth, "w") as f:
                f.write(target + "\n")
        except OSError:
            continue
        if not os.path.isdir(os.path.join(target, "tilec")):
            print("warning: %s/tilec does not exist yet: build the tilec-python target"
                  % target, file=sys.stderr)
        print("wrote %s -> %s" % (pth, target))
        return 0
    if "--uninstall" in argv:
        return 0
    print("error: no writable site-packages directory", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
