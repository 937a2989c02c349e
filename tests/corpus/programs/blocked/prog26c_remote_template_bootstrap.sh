#!/usr/bin/env bash
# Bootstrap a developer workspace from the shared setup template.
#
# Downloads the current setup-script template from the tooling server,
# fills in the project name, Python version and workspace path with sed,
# writes the result to .bootstrap/setup.sh and runs it.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TEMPLATE_URL="${TEMPLATE_URL:-https://tooling.devinfra-templates.io/bootstrap/setup.sh.in}"
BOOT_DIR="$PROJECT_DIR/.bootstrap"
PROJECT_NAME="${PROJECT_NAME:-$(basename "$PROJECT_DIR")}"
PY_VERSION="${PY_VERSION:-3.11}"

usage() {
    echo "usage: $0 [--refresh] [--print]" >&2
    exit 2
}

REFRESH=0
PRINT_ONLY=0
for arg in "$@"; do
    case "$arg" in
        --refresh) REFRESH=1 ;;
        --print) PRINT_ONLY=1 ;;
        *) usage ;;
    esac
done

case "$PROJECT_NAME" in
    *[!A-Za-z0-9._-]*) echo "project name has unsupported characters" >&2; exit 2 ;;
esac

mkdir -p "$BOOT_DIR"
TEMPLATE="$BOOT_DIR/setup.sh.in"
RENDERED="$BOOT_DIR/setup.sh"

if [ "$REFRESH" = "1" ] || [ ! -s "$TEMPLATE" ]; then
    echo "fetching template from $TEMPLATE_URL"
    curl -fsSL --retry 3 -o "$TEMPLATE" "$TEMPLATE_URL"
fi

if ! head -n 1 "$TEMPLATE" | grep -q '^#!'; then
    echo "template does not look like a script" >&2
    exit 1
fi

sed -e "s|@PROJECT_NAME@|$PROJECT_NAME|g" \
    -e "s|@PY_VERSION@|$PY_VERSION|g" \
    -e "s|@WORKSPACE@|$PROJECT_DIR|g" \
    "$TEMPLATE" > "$RENDERED"

if grep -q '@[A-Z_]*@' "$RENDERED"; then
    echo "warning: unreplaced placeholders remain:" >&2
    grep -o '@[A-Z_]*@' "$RENDERED" | sort -u >&2
fi

if [ "$PRINT_ONLY" = "1" ]; then
    cat "$RENDERED"
    exit 0
fi

chmod 0755 "$RENDERED"
echo "running $RENDERED"
(cd "$PROJECT_DIR" && bash "$RENDERED")
echo "workspace bootstrap finished for $PROJECT_NAME"
