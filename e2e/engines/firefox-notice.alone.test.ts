import { engineSuite } from './engine-suite.ts';

engineSuite('firefox', 'notice');
