#!/usr/bin/env bash
cp ./tool /usr/local/bin/tool
