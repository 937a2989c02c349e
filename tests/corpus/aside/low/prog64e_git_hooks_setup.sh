#!/usr/bin/env bash
# git-hooks setup: install the team's pre-commit / commit-msg hooks into
# every repository under your workspace. Re-run it after pulling new hooks.
#
# usage: git_hooks_setup.sh [WORKSPACE_DIR]   (default: current directory)
set -eu

WORKSPACE="${1:-$PWD}"
TOOLS_DIR="$WORKSPACE/.team-githooks"

info() { echo "[githooks] $*"; }
fail() { echo "[githooks] error: $*" >&2; exit 1; }

[ -d "$WORKSPACE" ] || fail "workspace $WORKSPACE does not exist"
command -v git >/dev/null || fail "git not found"

mkdir -p "$TOOLS_DIR/hooks"

write_hooks() {
  cat >"$TOOLS_DIR/hooks/pre-commit" <<'HOOK'
#!/bin/sh
# reject commits with merge markers or very large files
git diff --cached --name-only --diff-filter=ACM | while read -r f; do
  [ -f "$f" ] || continue
  if grep -nE '^(<<<<<<<|>>>>>>>) ' "$f" >/dev/null 2>&1; then
    echo "pre-commit: merge marker left in $f" >&2; exit 1
  fi
  size=$(wc -c <"$f")
  if [ "$size" -gt 2097152 ]; then
    echo "pre-commit: $f is larger than 2 MiB, use git-lfs" >&2; exit 1
  fi
done
HOOK
  cat >"$TOOLS_DIR/hooks/commit-msg" <<'HOOK'
#!/bin/sh
# Conventional Commits subject line
subject=$(head -n1 "$1")
echo "$subject" | grep -qE '^(feat|fix|docs|chore|refactor|test|perf|ci|build)(\(.+\))?!?: .{3,}' || {
  echo "commit-msg: subject must follow Conventional Commits, got: $subject" >&2
  exit 1
}
HOOK
  chmod 755 "$TOOLS_DIR/hooks/pre-commit" "$TOOLS_DIR/hooks/commit-msg"
}

install_into_repos() {
  local n=0 gitdir
  while IFS= read -r gitdir; do
    for h in pre-commit commit-msg; do
      if [ -f "$gitdir/hooks/$h" ] && ! cmp -s "$TOOLS_DIR/hooks/$h" "$gitdir/hooks/$h"; then
        cp "$gitdir/hooks/$h" "$gitdir/hooks/$h.local"
        info "kept existing $gitdir/hooks/$h as $h.local"
      fi
      cp "$TOOLS_DIR/hooks/$h" "$gitdir/hooks/$h"
    done
    n=$((n + 1))
  done < <(find "$WORKSPACE" -maxdepth 4 -type d -name .git -prune 2>/dev/null)
  info "hooks installed in $n repositories"
}

show_status() {
  local gitdir
  find "$WORKSPACE" -maxdepth 4 -type d -name .git -prune 2>/dev/null | while IFS= read -r gitdir; do
    printf '  %-50s %s\n' "$(dirname "$gitdir")" \
      "$( [ -x "$gitdir/hooks/pre-commit" ] && echo ok || echo missing)"
  done
}

write_hooks
install_into_repos
show_status
info "done; re-run this script after updating the hooks"
