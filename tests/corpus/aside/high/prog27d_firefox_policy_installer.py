#!/usr/bin/env python3
"""Install an enterprise policies.json into the system Firefox installation
so automated Playwright/Selenium runs start without first-run pages,
telemetry or update prompts."""
import argparse
import json
import os
import sys

CANDIDATE_DIRS = [
    "/usr/lib/firefox/distribution",
    "/usr/lib64/firefox/distribution",
    "/usr/lib/firefox-esr/distribution",
]

POLICIES = {
    "policies": {
        "DisableAppUpdate": True,
        "DisableTelemetry": True,
        "DontCheckDefaultBrowser": True,
        "OverrideFirstRunPage": "",
        "OverridePostUpdatePage": "",
        "NoDefaultBookmarks": True,
        "Homepage": {"URL": "about:blank", "StartPage": "homepage"},
        "Preferences": {
            "browser.aboutwelcome.enabled": {"Value": False, "Status": "locked"},
            "datareporting.policy.dataSubmissionEnabled": {"Value": False, "Status": "locked"},
        },
    }
}


def target_dir(explicit):
    if explicit:
        return explicit
    for d in CANDIDATE_DIRS:
        if os.path.isdir(os.path.dirname(d)):
            return d
    sys.exit("no system Firefox installation found under /usr/lib*")


def merge(existing, new):
    merged = dict(existing.get("policies", {}))
    merged.update(new["policies"])
    return {"policies": merged}


def install(dest_dir, dry_run):
    path = os.path.join(dest_dir, "policies.json")
    current = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            current = json.load(fh)
    doc = merge(current, POLICIES)
    if dry_run:
        print(json.dumps(doc, indent=2))
        return path
    os.makedirs(dest_dir, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=2)
    os.chmod(path, 0o644)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", help="override distribution directory")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    try:
        path = install(target_dir(args.dir), args.dry_run)
    except PermissionError as exc:
        sys.exit(f"permission denied ({exc}); re-run with root privileges")
    print(f"policies written to {path}")


if __name__ == "__main__":
    main()
