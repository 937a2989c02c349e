"""
myproject/core/management/commands/sync_fixtures.py

    ./manage.py sync_fixtures --env staging

Pulls the environment's fixture bundle from the release server and loads
every JSON fixture it lists with ``loaddata`` inside one transaction, so a
fresh staging or review database ends up with the same reference data
(countries, plans, feature flags) as the others.
"""
import hashlib
import json
import logging
import os
import urllib.error
import urllib.request
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

logger = logging.getLogger("core.fixtures")

DEFAULT_SOURCE = os.environ.get(
    "FIXTURE_SOURCE", "https://releases.acme-internal.example/fixtures")


class BundleClient:
    """Tiny HTTP client for the fixture bundle layout."""

    def __init__(self, base_url, timeout=20, attempts=3):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.attempts = attempts

    def _get(self, path):
        url = "%s/%s" % (self.base_url, path.lstrip("/"))
        last_err = None
        for attempt in range(1, self.attempts + 1):
            try:
                req = urllib.request.Request(url, headers={"User-Agent": "sync-fixtures/1.4"})
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return resp.read()
            except urllib.error.URLError as err:
                last_err = err
                logger.warning("GET %s failed (attempt %d): %s", url, attempt, err)
        raise CommandError("could not fetch %s: %s" % (url, last_err))

    def manifest(self, env):
        return json.loads(self._get("%s/manifest.json" % env))

    def blob(self, env, name):
        return self._get("%s/%s" % (env, name))


class Command(BaseCommand):
    help = "Fetch and load the reference-data fixtures for an environment"

    def add_arguments(self, parser):
        parser.add_argument("--env", default=getattr(settings, "DEPLOY_ENV", "staging"))
        parser.add_argument("--source", default=DEFAULT_SOURCE)
        parser.add_argument("--dry-run", action="store_true",
                            help="download and validate, but do not load")
        parser.add_argument("--cache-dir", default="var/fixtures")

    def handle(self, *args, **opts):
        client = BundleClient(opts["source"])
        env = opts["env"]
        cache_dir = Path(opts["cache_dir"]) / env
        cache_dir.mkdir(parents=True, exist_ok=True)

        manifest = client.manifest(env)
        names = manifest.get("fixtures", [])
        self.stdout.write("bundle %s (%d fixtures)" % (manifest.get("version", "?"), len(names)))

        paths = []
        for name in names:
            payload = client.blob(env, name)
            self._validate(name, payload)
            paths.append(self._store(cache_dir, name, payload))

        if opts["dry_run"]:
            self.stdout.write("dry run: %d fixtures validated, nothing loaded" % len(paths))
            return

        with transaction.atomic():
            for path in paths:
                call_command("loaddata", str(path), verbosity=0)
                self.stdout.write(self.style.SUCCESS("  loaded %s" % path.name))

    def _validate(self, name, payload):
        try:
            rows = json.loads(payload)
        except ValueError as err:
            raise CommandError("%s is not valid JSON: %s" % (name, err))
        if not isinstance(rows, list) or any("model" not in r for r in rows):
            raise CommandError("%s does not look like a Django fixture" % name)

    def _store(self, cache_dir, name, payload):
        digest = hashlib.md5(payload).hexdigest()[:12]
        path = cache_dir / ("%s.%s.json" % (Path(name).stem, digest))
        if not path.exists():
            path.write_bytes(payload)
        return path
