"""examples/mai_client.py runs as documented against a real service."""
import os
import subprocess
import sys

from harness import EXAMPLES


def test_the_example_runs(served, pki):
    proc = subprocess.run([sys.executable, str(EXAMPLES / "mai_client.py"), served.address, str(pki)],
                          capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert proc.returncode == 0, proc.stderr
    assert "exit 0 (exited): b'0\\n1\\n2\\n'" in proc.stdout
    assert "blocked:" in proc.stdout and "overridden, ran with trust untrusted" in proc.stdout
    assert "squares: ['0', '1', '4', '9']" in proc.stdout
