export const id = 226;
export const ids = [226];
export const modules = {

/***/ 2226:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   startOtlpTracing: () => (/* binding */ startOtlpTracing)
/* harmony export */ });
/* harmony import */ var _opentelemetry_api__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(8268);
/* harmony import */ var _opentelemetry_api__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(1802);
/* harmony import */ var _opentelemetry_api__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(6864);
/* harmony import */ var _opentelemetry_core__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2610);
/* harmony import */ var _opentelemetry_core__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(1682);
/* harmony import */ var _opentelemetry_exporter_trace_otlp_http__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1485);
/* harmony import */ var _opentelemetry_resources__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9481);
/* harmony import */ var _opentelemetry_resources__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(1191);
/* harmony import */ var _opentelemetry_resources__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(9221);
/* harmony import */ var _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9882);
/* harmony import */ var _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9512);
/* harmony import */ var _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3712);
/* harmony import */ var _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7593);
/* harmony import */ var _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2372);
/* harmony import */ var _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(9244);
/* harmony import */ var _relay_tracing_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1463);






/** `OTEL_TRACES_SAMPLER` to the SDK's sampler (policy as data). */
const SAMPLERS = Object.freeze({
    always_on: () => new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_1__/* .AlwaysOnSampler */ .f(),
    always_off: () => new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_2__/* .AlwaysOffSampler */ .t(),
    traceidratio: (ratio) => new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_3__/* .TraceIdRatioBasedSampler */ .h(ratio),
    parentbased_always_on: () => new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_4__/* .ParentBasedSampler */ .e({ root: new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_1__/* .AlwaysOnSampler */ .f() }),
    parentbased_always_off: () => new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_4__/* .ParentBasedSampler */ .e({ root: new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_2__/* .AlwaysOffSampler */ .t() }),
    parentbased_traceidratio: (ratio) => new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_4__/* .ParentBasedSampler */ .e({ root: new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_3__/* .TraceIdRatioBasedSampler */ .h(ratio) }),
});
/** The relay's service name unless `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`) says otherwise. */
const SERVICE_NAME = "content-review-relay";
/**
 * Tracing on: an SDK tracer provider of its own (never registered globally) that batches spans
 * to the OTLP/HTTP exporter. Loaded only when tracing is on, so a relay without an endpoint
 * never loads the SDK.
 */
function startOtlpTracing(config, options = {}) {
    const exporter = options.processor ? null : new _opentelemetry_exporter_trace_otlp_http__WEBPACK_IMPORTED_MODULE_5__/* .OTLPTraceExporter */ .Q();
    const processor = options.processor ?? new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_6__/* .BatchSpanProcessor */ .J({ exporter: exporter, ...config.batch });
    const resource = (0,_opentelemetry_resources__WEBPACK_IMPORTED_MODULE_7__/* .resourceFromAttributes */ .QZ)({ "service.name": SERVICE_NAME }).merge((0,_opentelemetry_resources__WEBPACK_IMPORTED_MODULE_8__/* .detectResources */ .$)({ detectors: [_opentelemetry_resources__WEBPACK_IMPORTED_MODULE_9__/* .envDetector */ .q] }));
    const provider = new _opentelemetry_sdk_trace__WEBPACK_IMPORTED_MODULE_10__/* .TracerProvider */ .d({
        resource,
        sampler: SAMPLERS[config.sampler](config.ratio),
        spanProcessors: [processor],
    });
    return {
        enabled: true,
        tracer: provider.getTracer(SERVICE_NAME),
        traceparentOf: _relay_tracing_js__WEBPACK_IMPORTED_MODULE_0__/* .formatTraceparent */ .z2,
        contextOf(stored) {
            const { traceparent, tracestate } = (0,_relay_tracing_js__WEBPACK_IMPORTED_MODULE_0__/* .splitTraceContext */ .l5)(stored ?? "");
            const parent = traceparent ? (0,_opentelemetry_core__WEBPACK_IMPORTED_MODULE_11__/* .parseTraceParent */ .ZI)(traceparent) : null;
            // All-zero ids parse but name no trace: such a span starts a trace of its own.
            if (parent === null || !(0,_opentelemetry_api__WEBPACK_IMPORTED_MODULE_12__/* .isSpanContextValid */ .YA)(parent))
                return _opentelemetry_api__WEBPACK_IMPORTED_MODULE_13__/* .ROOT_CONTEXT */ .l;
            const state = tracestate === "" ? {} : { traceState: new _opentelemetry_core__WEBPACK_IMPORTED_MODULE_14__/* .TraceState */ .n(tracestate) };
            return _opentelemetry_api__WEBPACK_IMPORTED_MODULE_15__/* .trace */ .u.setSpanContext(_opentelemetry_api__WEBPACK_IMPORTED_MODULE_13__/* .ROOT_CONTEXT */ .l, { ...parent, ...state, isRemote: true });
        },
        shutdown: () => provider.shutdown(),
    };
}


/***/ })

};
