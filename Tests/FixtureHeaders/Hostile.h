// Headers as careless code leaves them: a macro that hides a declaration, a protocol split by
// #if, and a syntax error.
#define DECLARE_RESET - (void)reset;

@protocol Hidden
DECLARE_RESET
- (void)visible;
@end

@protocol Split
- (void)always;
#if 0
- (void)never;
#else
- (void)otherwise;
#endif
@end

@protocol Broken
- (void)fine;
- (void)broken:(int;
@end
