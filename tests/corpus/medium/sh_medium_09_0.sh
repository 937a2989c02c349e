#!/usr/bin/env bash
docker run --rm alpine echo hi
