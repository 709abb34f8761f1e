/**
 * Prototype screens (原型界面) and diagrams: a structured screen description per project, rendered to PNG
 * without a browser (satori + resvg). Pure: no database, HTTP or clock.
 */
export * from './model';
export { THEMES, resolveTheme, type Theme } from './themes';
export { buildPrototype, platformOf, kindOf, nounOf, buttonsFromOperations, screenOperationSteps, screenFactsOf, codeScreensOf, describeScreen, diagramCodeOf, type ScreenFacts, type ScreenPage, type CodeScreens, type Prototype, type PrototypeSource, type DiagramCode } from './synth';
export { renderScreen, prototypeFonts, parseDescriptions } from './render';
export { renderScreens, closePrototypePool, logPrototypePoolTo, warmPrototypePool } from './pool';
