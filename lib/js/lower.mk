# The modern-JavaScript lowering's developer tool: build/js-lower prints the ES5 a program
# lowers to (or times the lowering with --time N). Not installed.
.DEFAULT_GOAL := all

$(B)/js-lower: $(B)/obj/lib/js/dev/js-lower.o $(B)/liboda.a
	$(CXX) $(CXXFLAGS) $< $(B)/liboda.a $(LDLIBS) -o $@

all: $(B)/js-lower
