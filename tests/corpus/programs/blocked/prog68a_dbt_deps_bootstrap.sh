#!/bin/sh
# dbt_deps_bootstrap.sh - prepare a dbt project checkout for CI or a new laptop.
#
# Creates a virtualenv, installs the pinned dbt adapter, fetches the shared
# profile helper maintained by the platform team, renders profiles.yml and
# finally runs `dbt deps` + `dbt debug`.
#
#   ./dbt_deps_bootstrap.sh [project_dir]
#
# Config is read from .dbt-bootstrap.env in the project dir if present.
set -eu

PROJECT_DIR="${1:-$(pwd)}"
cd "$PROJECT_DIR"

[ -f .dbt-bootstrap.env ] && . ./.dbt-bootstrap.env

DBT_ADAPTER="${DBT_ADAPTER:-dbt-postgres}"
DBT_VERSION="${DBT_VERSION:-1.7.4}"
VENV_DIR="${VENV_DIR:-.venv}"
HELPER_BASE="${HELPER_BASE:-https://dbt-platform-tools.s3.amazonaws.com/helpers}"
HELPER_CHANNEL="${HELPER_CHANNEL:-stable}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/dbt-bootstrap"
TARGET="${DBT_TARGET:-dev}"

say() { echo "[bootstrap] $*"; }
fail() { echo "[bootstrap] ERROR: $*" >&2; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || fail "missing required tool: $1"
}

make_venv() {
    if [ ! -x "$VENV_DIR/bin/python" ]; then
        say "creating virtualenv in $VENV_DIR"
        python3 -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install --quiet --upgrade pip wheel
    "$VENV_DIR/bin/pip" install --quiet "dbt-core==$DBT_VERSION" "$DBT_ADAPTER~=${DBT_VERSION%.*}.0"
    say "dbt $("$VENV_DIR/bin/dbt" --version 2>/dev/null | awk '/installed/ {print $3; exit}') ready"
}

fetch_helper() {
    mkdir -p "$CACHE_DIR"
    helper="$CACHE_DIR/profile_helper.py"
    url="$HELPER_BASE/$HELPER_CHANNEL/profile_helper.py"
    tries=0
    until wget -q -T 20 -O "$helper.part" "$url"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && fail "could not download $url"
        say "download failed, retry $tries"
        sleep 3
    done
    mv "$helper.part" "$helper"
    echo "$helper"
}

render_profiles() {
    helper="$1"
    mkdir -p "$HOME/.dbt"
    say "rendering profiles for target=$TARGET"
    "$VENV_DIR/bin/python" "$helper" \
        --project "$(basename "$PROJECT_DIR")" \
        --target "$TARGET" \
        --out "$HOME/.dbt/profiles.yml"
}

run_dbt() {
    "$VENV_DIR/bin/dbt" deps --project-dir "$PROJECT_DIR"
    if ! "$VENV_DIR/bin/dbt" debug --project-dir "$PROJECT_DIR" --target "$TARGET"; then
        say "dbt debug reported problems; check ~/.dbt/profiles.yml"
        return 1
    fi
}

main() {
    need python3
    need wget
    [ -f dbt_project.yml ] || fail "no dbt_project.yml in $PROJECT_DIR"
    make_venv
    helper_path="$(fetch_helper)"
    render_profiles "$helper_path"
    run_dbt
    say "done"
}

main
