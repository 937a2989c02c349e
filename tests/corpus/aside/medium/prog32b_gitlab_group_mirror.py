#!/usr/bin/env python3
"""Keep bare mirrors of every project in a GitLab group.

Projects are listed through the GitLab API (token from GITLAB_TOKEN, sent
only to that GitLab instance); each one is cloned with `git clone --mirror`
on first sight and refreshed with `git remote update --prune` afterwards.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed

log = logging.getLogger("group-mirror")


class GitLabClient:
    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self.token = token

    def projects(self, group):
        page = 1
        encoded = urllib.parse.quote(group, safe="")
        while True:
            url = (f"{self.base_url}/api/v4/groups/{encoded}/projects"
                   f"?include_subgroups=true&archived=false&per_page=100&page={page}")
            req = urllib.request.Request(url, headers={"PRIVATE-TOKEN": self.token})
            with urllib.request.urlopen(req, timeout=30) as resp:
                batch = json.load(resp)
                next_page = resp.headers.get("X-Next-Page")
            yield from batch
            if not next_page:
                break
            page = int(next_page)


def run_git(args, cwd=None, timeout=1800):
    cmd = ["git"] + args
    log.debug("running %s (cwd=%s)", " ".join(cmd), cwd)
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"git exited {proc.returncode}")
    return proc.stdout


def mirror_one(project, dest_root):
    path = project["path_with_namespace"]
    clone_url = project["http_url_to_repo"]
    target = os.path.join(dest_root, path + ".git")
    started = time.monotonic()
    if os.path.isdir(target):
        run_git(["remote", "update", "--prune"], cwd=target)
        action = "updated"
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        run_git(["clone", "--mirror", "--quiet", clone_url, target])
        action = "cloned"
    run_git(["gc", "--auto", "--quiet"], cwd=target)
    return path, action, time.monotonic() - started


def write_index(dest_root, results):
    index_path = os.path.join(dest_root, "mirror-index.json")
    with open(index_path, "w", encoding="utf-8") as fh:
        json.dump({"generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
                   "repos": results}, fh, indent=2)
    return index_path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("group", help="GitLab group full path, e.g. platform/infra")
    ap.add_argument("--gitlab", default=os.environ.get("GITLAB_URL", "https://gitlab.com"))
    ap.add_argument("--dest", default="./mirrors")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("GITLAB_TOKEN")
    if not token:
        log.error("GITLAB_TOKEN must be set")
        return 2

    client = GitLabClient(args.gitlab, token)
    projects = list(client.projects(args.group))
    log.info("%d projects in %s", len(projects), args.group)

    results, failures = [], 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(mirror_one, p, args.dest): p for p in projects}
        for fut in as_completed(futures):
            proj = futures[fut]["path_with_namespace"]
            try:
                path, action, secs = fut.result()
                log.info("%-50s %s in %.1fs", path, action, secs)
                results.append({"path": path, "status": action})
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                failures += 1
                log.error("%s failed: %s", proj, exc)
                results.append({"path": proj, "status": "failed"})

    log.info("index written to %s", write_index(args.dest, results))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
