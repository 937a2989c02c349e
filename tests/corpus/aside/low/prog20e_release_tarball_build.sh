#!/usr/bin/env bash
# make-release: bump the version, write release notes from git history and
# produce a source tarball with checksums in ./dist. Nothing is published.
#   make-release [major|minor|patch] [-n] [-t]
set -euo pipefail

BUMP="patch"
DRY_RUN=0
TAG=0
DIST="dist"
VERSION_FILE="VERSION"
CONF_FILE="release.conf"
PROJECT="$(basename "$(git rev-parse --show-toplevel 2>/dev/null || pwd)")"

info()  { printf '\033[1;32m[release]\033[0m %s\n' "$*"; }
warn()  { printf '\033[1;33m[release]\033[0m %s\n' "$*" >&2; }
abort() { printf '\033[1;31m[release]\033[0m %s\n' "$*" >&2; exit 1; }

# release.conf holds simple KEY=VALUE pairs; parse them, don't execute them
read_conf() {
  [[ -f "$CONF_FILE" ]] || return 0
  local key value
  while IFS='=' read -r key value; do
    [[ -z "$key" || "$key" == \#* ]] && continue
    value="${value%\"}"; value="${value#\"}"
    case "$key" in
      PROJECT) PROJECT="$value" ;;
      DIST)    DIST="$value" ;;
      *) warn "ignoring unknown key $key in $CONF_FILE" ;;
    esac
  done < "$CONF_FILE"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    major|minor|patch) BUMP="$1" ;;
    -n|--dry-run) DRY_RUN=1 ;;
    -t|--tag) TAG=1 ;;
    -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
    *) abort "unknown argument: $1" ;;
  esac
  shift
done

read_conf
git rev-parse --git-dir >/dev/null 2>&1 || abort "not inside a git repository"
[[ -z "$(git status --porcelain)" ]] || abort "working tree is dirty; commit or stash first"
[[ -f "$VERSION_FILE" ]] || abort "no $VERSION_FILE file"

CURRENT="$(tr -d '[:space:]' < "$VERSION_FILE")"
[[ "$CURRENT" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || abort "bad version '$CURRENT'"
MAJ="${BASH_REMATCH[1]}"; MIN="${BASH_REMATCH[2]}"; PAT="${BASH_REMATCH[3]}"
case "$BUMP" in
  major) NEXT="$((MAJ + 1)).0.0" ;;
  minor) NEXT="$MAJ.$((MIN + 1)).0" ;;
  patch) NEXT="$MAJ.$MIN.$((PAT + 1))" ;;
esac
info "$PROJECT: $CURRENT -> $NEXT"

release_notes() {
  local prev range
  prev="$(git describe --tags --abbrev=0 2>/dev/null || true)"
  range="${prev:+$prev..}HEAD"
  echo "## $PROJECT $NEXT ($(date +%Y-%m-%d))"
  echo
  local kind title
  for kind in feat fix perf docs; do
    case "$kind" in
      feat) title="Features" ;; fix) title="Bug fixes" ;;
      perf) title="Performance" ;; docs) title="Documentation" ;;
    esac
    local lines
    lines="$(git log --no-merges --format='%s (%h)' "$range" | grep -E "^${kind}(\(.+\))?:" || true)"
    [[ -n "$lines" ]] || continue
    echo "### $title"
    sed -E "s/^${kind}(\([^)]*\))?: */- /" <<<"$lines"
    echo
  done
}

if (( DRY_RUN )); then
  release_notes
  info "dry run: no files changed"
  exit 0
fi

mkdir -p "$DIST"
NOTES="$DIST/RELEASE_NOTES-$NEXT.md"
release_notes > "$NOTES"
echo "$NEXT" > "$VERSION_FILE"
git add "$VERSION_FILE"
git commit -q -m "chore(release): $NEXT"

TARBALL="$DIST/$PROJECT-$NEXT.tar.gz"
git archive --format=tar.gz --prefix="$PROJECT-$NEXT/" -o "$TARBALL" HEAD
(cd "$DIST" && sha256sum "$(basename "$TARBALL")" > "$(basename "$TARBALL").sha256")

if (( TAG )); then
  git tag -a "v$NEXT" -F "$NOTES"
  info "tagged v$NEXT (push it yourself: git push origin v$NEXT)"
fi
info "artifacts:"
ls -lh "$DIST" | sed 's/^/    /'
