module podium.dev/schema/testdata

go 1.26
