#!/usr/bin/env bash
# Install the project-local `devctl` helper into ./tools/bin.
#
# The helper wraps the commands everybody keeps retyping (format, lint, serve
# docs).  It is generated from the settings below so that the version pin and
# the project name stay in one place.  Nothing outside the repository is
# touched: add ./tools/bin to PATH yourself, or run ./tools/bin/devctl.

set -euo pipefail

PROJECT_NAME="${PROJECT_NAME:-$(basename "$PWD")}"
TOOLS_DIR="${TOOLS_DIR:-tools}"
BIN_DIR="$TOOLS_DIR/bin"
HELPER_VERSION="1.3.0"
FORCE=0
VERBOSE=0

log()  { printf '[devctl-install] %s\n' "$*"; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { printf '[devctl-install] error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<USAGE
usage: $0 [-f] [-v] [-d DIR]
  -f      overwrite an existing helper
  -v      verbose output
  -d DIR  tools directory inside the repository (default: tools)
USAGE
}

while getopts ":fvd:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        v) VERBOSE=1 ;;
        d) TOOLS_DIR="$OPTARG"; BIN_DIR="$TOOLS_DIR/bin" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[[ -f pyproject.toml || -f setup.cfg ]] || die "run this from the repository root"
case "$TOOLS_DIR" in
    /*|*..*) die "tools directory must be relative and inside the repository" ;;
esac

mkdir -p "$BIN_DIR"
target="$BIN_DIR/devctl"

if [[ -e "$target" && $FORCE -eq 0 ]]; then
    installed=$(sed -n 's/^# devctl version //p' "$target" | head -n1)
    if [[ "$installed" == "$HELPER_VERSION" ]]; then
        log "devctl $HELPER_VERSION already installed at $target"
        exit 0
    fi
    vlog "upgrading devctl ${installed:-unknown} -> $HELPER_VERSION"
fi

vlog "writing $target"
cat > "$target.new" <<EOF
#!/usr/bin/env bash
# devctl version $HELPER_VERSION - generated for $PROJECT_NAME, do not edit
set -euo pipefail
cmd="\${1:-help}"; shift || true
case "\$cmd" in
    fmt)   ruff format src tests "\$@" ;;
    lint)  ruff check src tests "\$@" ;;
    types) mypy src "\$@" ;;
    docs)  mkdocs serve -a 127.0.0.1:8000 "\$@" ;;
    clean) rm -rf build dist .pytest_cache .mypy_cache ;;
    help|*) echo "devctl ($PROJECT_NAME): fmt | lint | types | docs | clean" ;;
esac
EOF

mv "$target.new" "$target"
chmod u+x "$target"

# keep a record of what was generated, for code review
manifest="$TOOLS_DIR/.generated"
{
    printf 'devctl\t%s\t%s\n' "$HELPER_VERSION" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >> "$manifest"

if ! grep -qs "^$TOOLS_DIR/bin/$" .gitignore; then
    vlog "tools/bin is tracked in git; remember to commit $target"
fi

log "installed $target (version $HELPER_VERSION)"
log "try: ./$BIN_DIR/devctl help"
