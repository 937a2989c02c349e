"""The configuration files and the binary's JSON outputs match schemas/."""
import json
import unittest

import yaml

from harness import EXAMPLES, SOURCE_DIR, CliTestCase, validate

CONFIG_SCHEMAS = {
    "sandbox.yaml": "sandbox-config.schema.json",
    "audit.yaml": "audit-config.schema.json",
    "assessment.yaml": "assessment-config.schema.json",
    "known-threats.yaml": "assessment-config.schema.json",
    "library-model.yaml": "assessment-config.schema.json",
    "network.yaml": "network-config.schema.json",
    "service.yaml": "service-config.schema.json",
}


class ConfigFiles(unittest.TestCase):
    def test_every_config_file_matches_its_schema(self):
        for name, schema in CONFIG_SCHEMAS.items():
            with self.subTest(name):
                document = yaml.safe_load((SOURCE_DIR / "config" / name).read_text())
                validate(json.loads(json.dumps(document, default=str)), schema)

    def test_every_config_file_has_a_schema(self):
        for path in (SOURCE_DIR / "config").glob("*.yaml"):
            with self.subTest(path.name):
                self.assertIn(path.name, CONFIG_SCHEMAS, f"no schema for config/{path.name}")


class Outputs(CliTestCase):
    def test_shell_and_stdin_results_validate(self):
        self.run_json(EXAMPLES / "cpu_burn.sh", "--timeout", "1")
        self.run_json("--lang", "shell", "-", stdin="echo hi; exit 3\n")

    def test_doctor_json(self):
        res = self.cli("doctor", "--json")
        self.assertIn(res.code, (0, 1), res)
        report = res.json()
        self.assertIsInstance(report, dict)


if __name__ == "__main__":
    unittest.main()
