#!/usr/bin/python3
"""Independent verifier for a mai-sandbox audit log export: the command line
of mai_sandbox.audit (python/mai_sandbox/audit.py), runnable from a checkout
without installing the package. Written only from docs/audit-format.md,
sharing no code with the C++ engine. Needs Python 3 and python3-cryptography.

    verify_export.py --pubkey audit.pub log.jsonl [--receipt result.json] [--json]

Exit status: 0 intact, 1 not intact (the first bad record and why on
stdout), 2 unusable input (bad arguments, unreadable files, a malformed
public key or receipt).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))

from mai_sandbox.audit import main  # noqa: E402  (the path above first)

if __name__ == "__main__":
    sys.exit(main())
