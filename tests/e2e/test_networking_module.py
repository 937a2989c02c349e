"""CAF's network layer (libcaf_io) lives in libmai_networking.so next to the
binary and is loaded only by the commands that network
(protocol/networking_api.hpp): `run` never loads it, and without the module a
networked command fails clearly while `run` still works."""
import os
import shutil
import subprocess
import unittest

from harness import BINARY, EXAMPLES, SOURCE_DIR, CliTestCase


class NetworkingModule(CliTestCase):
    def loaded_files(self, *args):
        env = dict(os.environ, LD_DEBUG="files")
        proc = subprocess.run([str(BINARY), "--config", str(self.config), "--state", str(self.state), *args],
                              capture_output=True, text=True, timeout=120, env=env, cwd=self.tmp)
        return proc, proc.stderr

    def test_run_does_not_load_the_network_layer(self):
        proc, loaded = self.loaded_files("run", str(EXAMPLES / "hello.py"))
        self.assertEqual(proc.returncode, 0, loaded[-2000:])
        self.assertIn("libcaf_core", loaded)  # the check sees what the loader loads
        self.assertNotIn("libcaf_io", loaded)
        self.assertNotIn("libmai_networking", loaded)

    def test_a_networked_command_loads_it(self):
        # submit to nothing: the module is loaded before the connection fails.
        proc, loaded = self.loaded_files("submit", "--server", "127.0.0.1:1", str(EXAMPLES / "hello.py"))
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("libmai_networking.so", loaded)
        self.assertIn("libcaf_io", loaded)

    def test_without_the_module_run_works_and_serve_says_what_is_missing(self):
        alone = self.tmp / "bin"
        alone.mkdir()
        for name in ("mai-sandbox", "mai-sandbox-init"):
            shutil.copy2(BINARY.parent / name, alone / name)
        cmd = [str(alone / "mai-sandbox"), "--config", str(SOURCE_DIR / "config"), "--state", str(self.state)]
        run = subprocess.run(cmd + ["run", str(EXAMPLES / "hello.py")], capture_output=True, text=True,
                             timeout=120)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("Hello from inside mai-sandbox!", run.stdout)
        serve = subprocess.run(cmd + ["serve", "--listen", "127.0.0.1:0"], capture_output=True, text=True,
                               timeout=120)
        self.assertEqual(serve.returncode, 125, serve.stderr)
        self.assertIn("libmai_networking.so", serve.stderr)
        verify = self.cli("audit", "verify")
        self.assertEqual(verify.code, 0, verify)

    def serve_beside(self, module_bytes=None, module_source=None):
        """serve from a copy of the binary with the given module next to it."""
        alone = self.tmp / "bin"
        alone.mkdir(exist_ok=True)
        for name in ("mai-sandbox", "mai-sandbox-init"):
            shutil.copy2(BINARY.parent / name, alone / name)
        module = alone / "libmai_networking.so"
        if module_source is not None:
            src = self.tmp / "foreign.c"
            src.write_text(module_source)
            subprocess.run(["cc", "-shared", "-fPIC", "-o", str(module), str(src)], check=True)
        else:
            module.write_bytes(module_bytes)
        cmd = [str(alone / "mai-sandbox"), "--config", str(SOURCE_DIR / "config"), "--state", str(self.state)]
        return subprocess.run(cmd + ["serve", "--listen", "127.0.0.1:0"], capture_output=True, text=True,
                              timeout=120)

    def test_a_module_from_another_build_is_refused_by_name(self):
        # The table of an older layout: a function pointer where the version is.
        serve = self.serve_beside(module_source=(
            "static void f(void) {}\n"
            "static void* table[3] = {(void*)f, (void*)f, (void*)f};\n"
            "__attribute__((visibility(\"default\"))) const void* mai_networking_api(void) { return table; }\n"))
        self.assertEqual(serve.returncode, 125, serve.stderr)
        self.assertIn("from another build", serve.stderr)

    def test_a_module_that_is_not_a_library_is_refused(self):
        serve = self.serve_beside(module_bytes=b"\x7fELF not really" + bytes(range(256)))
        self.assertEqual(serve.returncode, 125, serve.stderr)
        self.assertIn("cannot be loaded", serve.stderr)


if __name__ == "__main__":
    unittest.main()
