#!/bin/sh
bash -c "echo hi"
