#!/usr/bin/env bash
# Install a pre-commit hook into the current repository that lints staged
# files (shellcheck for shell, ruff for Python, yamllint for YAML).
# The hook only reads staged files and reports; it never modifies anything.
set -euo pipefail

SCRIPT_NAME=$(basename "$0")
FORCE=0
HOOK_NAME="pre-commit"

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-f] [-n hook-name]
  -f   overwrite an existing hook (a backup is kept as <hook>.bak)
  -n   hook name to install (default: pre-commit)
EOF
}

log() { printf '[%s] %s\n' "$SCRIPT_NAME" "$*" >&2; }

while getopts ":fn:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        n) HOOK_NAME=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    log "not inside a git work tree"
    exit 1
fi

hooks_dir=$(git rev-parse --git-path hooks)
mkdir -p "$hooks_dir"
target="$hooks_dir/$HOOK_NAME"

if [[ -e "$target" ]]; then
    if [[ $FORCE -eq 1 ]]; then
        cp -p "$target" "$target.bak"
        log "existing hook backed up to $target.bak"
    else
        log "$target already exists; re-run with -f to replace it"
        exit 1
    fi
fi

check_tool() {
    if command -v "$1" >/dev/null 2>&1; then
        log "found $1"
    else
        log "warning: $1 not on PATH; $2 files will be skipped"
    fi
}
check_tool shellcheck "shell"
check_tool ruff "python"
check_tool yamllint "yaml"

cat >"$target" <<'HOOK'
#!/usr/bin/env bash
# Installed by install_lint_hook.sh -- lint staged files only.
set -u
status=0
mapfile -t staged < <(git diff --cached --name-only --diff-filter=ACMR)
[[ ${#staged[@]} -eq 0 ]] && exit 0

sh_files=() py_files=() yml_files=()
for f in "${staged[@]}"; do
    case "$f" in
        *.sh|*.bash) sh_files+=("$f") ;;
        *.py)        py_files+=("$f") ;;
        *.yml|*.yaml) yml_files+=("$f") ;;
    esac
done

run() {
    local tool=$1; shift
    command -v "$tool" >/dev/null 2>&1 || return 0
    [[ $# -eq 0 ]] && return 0
    if ! "$tool" "$@"; then
        echo "pre-commit: $tool reported problems" >&2
        status=1
    fi
}

run shellcheck "${sh_files[@]}"
run ruff check --quiet "${py_files[@]}"
run yamllint -s "${yml_files[@]}"

if [[ $status -ne 0 ]]; then
    echo "pre-commit: commit aborted; fix the issues or use --no-verify" >&2
fi
exit $status
HOOK

chmod 0755 "$target"
log "installed $HOOK_NAME hook at $target"
