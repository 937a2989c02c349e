#!/bin/sh
# Sets up a fresh clone for development: hooks that format and lint before a
# commit and run the quick tests before a push. Safe to run again.
set -eu

repo_root=$(pwd)
hooks_dir="$repo_root/.git/hooks"

log() {
    printf '[setup] %s\n' "$*"
}

if [ ! -d "$repo_root/.git" ]; then
    log "run me from the top of the repository"
    exit 1
fi

mkdir -p "$hooks_dir"

install_hook() {
    name=$1
    if [ -f "$hooks_dir/$name" ] && ! grep -q 'setup-dev' "$hooks_dir/$name"; then
        log "keeping your own $name hook"
        return 0
    fi
    log "installing $name"
}

install_hook pre-commit
cat > "$hooks_dir/pre-commit" <<'HOOK'
#!/bin/sh
# setup-dev: format and lint staged files
staged=$(git diff --cached --name-only --diff-filter=ACM -- '*.sh' '*.py')
[ -z "$staged" ] && exit 0
for f in $staged; do
    case "$f" in
        *.sh) shellcheck "$f" ;;
        *.py) ruff check "$f" && ruff format --check "$f" ;;
    esac
done
HOOK
chmod +x "$hooks_dir/pre-commit"

install_hook pre-push
cat > "$hooks_dir/pre-push" <<'HOOK'
#!/bin/sh
# setup-dev: quick tests before pushing
make -s test-quick
HOOK
chmod +x "$hooks_dir/pre-push"

# the shared commit template lives in the repository
if [ -f tools/git/commit-msg ]; then
    cp tools/git/commit-msg "$hooks_dir/commit-msg"
    chmod +x "$hooks_dir/commit-msg"
fi

log "done; hooks in $hooks_dir"
