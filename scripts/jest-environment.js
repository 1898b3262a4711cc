/**
 * Jest's Node environment, with the test's vm context made by `vm.createContext(vm.constants.DONT_CONTEXTIFY)`.
 *
 * Why: jest runs every test file in a vm context of its own. A context made the usual way wraps its global
 * object in Node's interceptors, and then every global a test or the code under test names (`Array`, `Map`,
 * `Math`, `JSON`, `Number`…) is looked up through them, on every use: the random-game property files spent
 * a third of their time there (`new Array(n)` in the rules' clone was 80 times slower than in plain Node).
 * DONT_CONTEXTIFY (Node 22.8+) gives the context an ordinary global object; the globals jest puts there
 * (process, timers, Buffer…) are the same as before, and each file still has a context of its own.
 */
const vm = require('vm');
const { TestEnvironment } = require('jest-environment-node');

class Environment extends TestEnvironment {
  constructor(config, context) {
    const create = vm.createContext;
    // jest-environment-node calls vm.createContext() once, with no argument, for the test's context.
    if (vm.constants?.DONT_CONTEXTIFY !== undefined) {
      vm.createContext = (o, ...rest) => (o === undefined ? create(vm.constants.DONT_CONTEXTIFY) : create(o, ...rest));
    }
    try {
      super(config, context);
    } finally {
      vm.createContext = create;
    }
  }
}

module.exports = Environment;
