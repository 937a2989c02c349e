#!/usr/bin/env bash
# setup_repo_hooks.sh — install the repository's git hooks (pre-commit,
# commit-msg) into this clone's hooks directory.
#
#   ./scripts/setup_repo_hooks.sh          install / refresh hooks
#   ./scripts/setup_repo_hooks.sh -u       remove hooks installed by us
#   ./scripts/setup_repo_hooks.sh -s       show status
set -euo pipefail

readonly MARKER="# managed-by: setup_repo_hooks"
MODE="install"

usage() { echo "usage: ${0##*/} [-u | -s]" >&2; }

while getopts ":ush" opt; do
    case "$opt" in
        u) MODE="uninstall" ;;
        s) MODE="status" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

git rev-parse --is-inside-work-tree >/dev/null 2>&1 || {
    echo "not inside a git work tree" >&2
    exit 1
}
REPO_ROOT="$(git rev-parse --show-toplevel)"
HOOKS_DIR="$(git rev-parse --git-path hooks)"
mkdir -p "$HOOKS_DIR"

write_pre_commit() {
    cat <<'HOOK'
#!/usr/bin/env bash
# managed-by: setup_repo_hooks
set -euo pipefail
mapfile -t staged < <(git diff --cached --name-only --diff-filter=ACMR)
[[ ${#staged[@]} -eq 0 ]] && exit 0

status=0
py=() sh=()
for f in "${staged[@]}"; do
    case "$f" in
        *.py) py+=("$f") ;;
        *.sh) sh+=("$f") ;;
    esac
done
if (( ${#py[@]} )) && command -v ruff >/dev/null; then
    ruff check --quiet "${py[@]}" || status=1
    ruff format --check --quiet "${py[@]}" || status=1
fi
if (( ${#sh[@]} )) && command -v shellcheck >/dev/null; then
    shellcheck -x "${sh[@]}" || status=1
fi
if git diff --cached | grep -nE '^\+.*(BEGIN (RSA|OPENSSH) PRIVATE KEY|AKIA[0-9A-Z]{16})'; then
    echo "pre-commit: possible secret in staged changes" >&2
    status=1
fi
exit $status
HOOK
}

write_commit_msg() {
    cat <<'HOOK'
#!/usr/bin/env bash
# managed-by: setup_repo_hooks
msg_file="$1"
first_line="$(head -n1 "$msg_file")"
pattern='^(feat|fix|chore|docs|refactor|test|ci|build|perf|revert)(\([a-z0-9._-]+\))?!?: .{3,}'
if [[ "$first_line" =~ ^(Merge|Revert|fixup!|squash!) ]]; then exit 0; fi
if ! [[ "$first_line" =~ $pattern ]]; then
    echo "commit-msg: use Conventional Commits, e.g. 'fix(api): handle empty body'" >&2
    exit 1
fi
HOOK
}

is_ours() { [[ -f "$1" ]] && grep -qF "$MARKER" "$1"; }

install_hook() {
    local name="$1" generator="$2" path="$HOOKS_DIR/$1"
    if [[ -f "$path" ]] && ! is_ours "$path"; then
        cp -p -- "$path" "$path.local-backup"
        echo "backed up existing $name hook to $name.local-backup"
    fi
    "$generator" > "$path.new"
    chmod 0755 "$path.new"
    mv -f -- "$path.new" "$path"
    echo "installed $name"
}

uninstall_hook() {
    local name="$1" path="$HOOKS_DIR/$1"
    if is_ours "$path"; then
        rm -f -- "$path"
        [[ -f "$path.local-backup" ]] && mv -- "$path.local-backup" "$path"
        echo "removed $name"
    fi
}

declare -A HOOKS=( [pre-commit]=write_pre_commit [commit-msg]=write_commit_msg )

case "$MODE" in
    install)
        for h in "${!HOOKS[@]}"; do install_hook "$h" "${HOOKS[$h]}"; done
        echo "hooks installed in ${HOOKS_DIR#"$REPO_ROOT"/}"
        ;;
    uninstall)
        for h in "${!HOOKS[@]}"; do uninstall_hook "$h"; done
        ;;
    status)
        for h in "${!HOOKS[@]}"; do
            if is_ours "$HOOKS_DIR/$h"; then echo "$h: managed"; else echo "$h: not managed"; fi
        done
        ;;
esac
