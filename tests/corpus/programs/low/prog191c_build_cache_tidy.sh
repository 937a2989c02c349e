#!/usr/bin/env bash
# Tidy the lock-panel project checkout before packaging a release.
# Removes this project's own build output and caches, then writes a
# checksum manifest of the source tree for the release notes.
# Usage: prog191c_build_cache_tidy.sh [-n] [project_dir]
set -euo pipefail

DRY=0
if [[ "${1:-}" == "-n" ]]; then DRY=1; shift; fi
PROJECT="${1:-.}"
cd "$PROJECT"

if [[ ! -f pyproject.toml ]]; then
    echo "not a lock-panel checkout (no pyproject.toml here)" >&2
    exit 1
fi

MANIFEST="release-manifest.sha256"
generated_dirs=(build dist .cache .pytest_cache .mypy_cache htmlcov)
generated_globs=("*.egg-info" "__pycache__")

say() { printf '  %s\n' "$*"; }

zap() {
    local target="$1"
    if (( DRY )); then
        say "would remove ./$target"
    else
        rm -rf -- "./$target"
        say "removed ./$target"
    fi
}

tidy_dirs() {
    local d
    for d in "${generated_dirs[@]}"; do
        [[ -e "$d" ]] && zap "$d"
    done
}

tidy_globs() {
    local g found
    for g in "${generated_globs[@]}"; do
        while IFS= read -r -d '' found; do
            zap "${found#./}"
        done < <(find . -path ./.git -prune -o -name "$g" -type d -print0)
    done
}

write_manifest() {
    (( DRY )) && { say "would write $MANIFEST"; return; }
    local files
    mapfile -t files < <(git ls-files 2>/dev/null || find src tests -type f)
    sha256sum "${files[@]}" > "$MANIFEST"
    chmod 0600 "$MANIFEST"
    say "manifest of ${#files[@]} files in $MANIFEST"
}

steps=(tidy_dirs tidy_globs write_manifest)

echo "tidying $(pwd)"
for s in "${steps[@]}"; do
    "$s"
done
echo "done: $(du -sh . | cut -f1) remaining"
