#!/bin/sh
# clean_workspace.sh - reset this assignment checkout before handing it in.
#
# Removes compiled artefacts, caches and test output that the autograder
# does not want in the submission archive, then builds handin.zip from
# the remaining source files.  Only touches paths inside the current
# assignment directory.

set -eu

ASSIGNMENT_NAME="${ASSIGNMENT_NAME:-lab04_linked_lists}"
VERBOSE=0
MAKE_ARCHIVE=1

say() {
    if [ "$VERBOSE" -eq 1 ]; then
        echo "clean: $*"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        -v|--verbose) VERBOSE=1 ;;
        --no-zip) MAKE_ARCHIVE=0 ;;
        -h|--help)
            echo "usage: $0 [-v] [--no-zip]"
            exit 0
            ;;
        *)
            echo "unknown option: $1" >&2
            exit 2
            ;;
    esac
    shift
done

if [ ! -f ./Makefile ] || [ ! -d ./src ]; then
    echo "run this from the top of the ${ASSIGNMENT_NAME} directory" >&2
    exit 1
fi

remove_build_outputs() {
    for d in ./build ./dist ./bin ./obj ./.pytest_cache ./.mypy_cache ./htmlcov; do
        if [ -e "$d" ]; then
            say "removing $d"
            rm -rf "$d"
        fi
    done
    rm -f ./.coverage ./test-results.xml ./core ./a.out
}

remove_compiled_files() {
    find ./src ./tests -type d -name '__pycache__' -prune -exec rm -rf {} + 2>/dev/null || true
    find ./src ./tests -type f \( -name '*.o' -o -name '*.pyc' -o -name '*.class' \) \
        -exec rm -f {} + 2>/dev/null || true
    say "compiled files removed"
}

remove_editor_junk() {
    find . -maxdepth 3 -type f \( -name '*~' -o -name '.*.swp' -o -name '.DS_Store' \) \
        -exec rm -f {} + 2>/dev/null || true
}

count_sources() {
    find ./src -type f \( -name '*.c' -o -name '*.h' -o -name '*.py' \) | wc -l
}

build_archive() {
    rm -f ./handin.zip
    if command -v zip >/dev/null 2>&1; then
        zip -qr ./handin.zip ./src ./Makefile ./README.md
    else
        tar -czf ./handin.tar.gz ./src ./Makefile ./README.md
        echo "zip not found; created handin.tar.gz instead"
    fi
}

remove_build_outputs
remove_compiled_files
remove_editor_junk

n=$(count_sources)
echo "workspace clean: ${n} source files kept"

if [ "$MAKE_ARCHIVE" -eq 1 ]; then
    build_archive
    echo "archive ready for upload to the ${ASSIGNMENT_NAME} dropbox"
fi
